// The user's page: shows who they are connected to, offers, waits for the
// answer, and goes to redirect_url when the call is over.
const messages = { created: "Ready to call", ringing: "Calling…", connected: "Connected",
  ended: "The call has ended", expired: "Nobody answered in time", cancelled: "The call was cancelled" };
let answered = false, over = false;
const reasons = { join_timeout: "This call link expired: it was not joined within 2 minutes",
  abandoned: "The call ended: the other side left it" };
function show(v) {
  document.body.dataset.state = v.state;
  $("who").textContent = v.provider_name || "";
  say(reasons[v.end_reason] || messages[v.state] || v.state);
  $("join").hidden = v.state !== "created";
  $("hangup").hidden = !(v.state === "ringing" || v.state === "connected");
}
async function finish(v) {
  over = true; stopMedia(); show(v);
  if (v.redirect_url) { await sleep(1500); location.assign(v.redirect_url); }
}
async function poll() {
  while (!over) {
    try {
      const v = await api("GET", "signal");
      if (v.state === "connected" && v.answer && !answered && pc) {
        answered = true;
        await pc.setRemoteDescription({ type: "answer", sdp: v.answer });
      }
      if (["ended", "expired", "cancelled"].includes(v.state)) { await finish(v); return; }
      show(v);
      await sleep(v.poll_ms || 750);
    } catch (e) { say(e.message); if (e.status === 401) return; await sleep(1500); }
  }
}
async function join() {
  $("join").disabled = true;
  try {
    const v = await api("GET", "signal");
    await openMedia();
    newPeer(v.ice_servers || []);
    await pc.setLocalDescription(await pc.createOffer());
    say("Connecting…");
    await gathered();
    show(await api("POST", "offer", { sdp: pc.localDescription.sdp }));
  } catch (e) { say("Could not start the call: " + e.message); $("join").disabled = false; }
}
$("join").addEventListener("click", join);
$("hangup").addEventListener("click", async () => { try { await finish(await api("POST", "hangup")); } catch (e) { say(e.message); } });
api("GET", "signal").then((v) => { show(v); poll(); }).catch((e) => say(e.message));
// Leaving the page while the call rings or is connected hangs up (the
// media goes with the page); a call not yet joined is left as it is.
addEventListener("pagehide", () => {
  if (!over && ["ringing", "connected"].includes(document.body.dataset.state)) leave("");
});
