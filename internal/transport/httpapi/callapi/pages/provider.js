// The provider's page: lists ringing and connected calls, accepts a
// ringing one with a complete answer, and returns to the list when the
// call is over. A connected call it did not accept here (the page was
// reloaded during the call, or opened on another device) can be hung up
// from the list.
let current = null, accepting = false, shown = "";
// The list is rebuilt only when it changed, so that a button keeps its
// place and focus between polls.
function renderIncoming(calls) {
  const key = JSON.stringify(calls.map((c) => [c.call_id, c.state]));
  if (key === shown) return;
  shown = key;
  const list = $("calls");
  list.replaceChildren();
  for (const c of calls) {
    const li = document.createElement("li");
    const text = document.createElement("p");
    text.textContent = (c.caller_name || "A caller") + (c.query ? " — " + c.query : "") + " (" + c.state + ")";
    li.append(text);
    if (c.state === "ringing") {
      const ok = document.createElement("button");
      ok.textContent = "Accept"; ok.className = "accept";
      ok.addEventListener("click", () => accept(c.call_id));
      const no = document.createElement("button");
      no.textContent = "Decline"; no.className = "decline";
      no.addEventListener("click", () => api("POST", "calls/" + encodeURIComponent(c.call_id) + "/decline").catch((e) => say(e.message)));
      li.append(ok, no);
    } else if (c.state === "connected") {
      const end = document.createElement("button");
      end.textContent = "Hang up"; end.className = "decline";
      end.addEventListener("click", () => api("POST", "calls/" + encodeURIComponent(c.call_id) + "/hangup").catch((e) => say(e.message)));
      li.append(end);
    }
    list.append(li);
  }
  $("empty").hidden = calls.length > 0;
}
async function accept(id) {
  if (accepting) return;
  accepting = true;
  try {
    const base = "calls/" + encodeURIComponent(id) + "/";
    const v = await api("GET", base + "signal");
    await openMedia();
    newPeer(v.ice_servers || []);
    await pc.setRemoteDescription({ type: "offer", sdp: v.offer });
    await pc.setLocalDescription(await pc.createAnswer());
    say("Connecting…");
    await gathered();
    await api("POST", base + "answer", { sdp: pc.localDescription.sdp });
    current = id;
    $("calls").replaceChildren(); shown = ""; // the list returns when the call is over
    document.body.dataset.state = "connected";
    say("Connected with " + (v.caller_name || "the caller"));
    $("hangup").hidden = false;
  } catch (e) { say("Could not accept: " + e.message); stopMedia(); }
  accepting = false;
}
async function end(v) {
  stopMedia(); current = null; shown = ""; $("hangup").hidden = true;
  document.body.dataset.state = v.state;
  say("The call has ended");
}
$("hangup").addEventListener("click", async () => {
  if (!current) return;
  try { await end(await api("POST", "calls/" + encodeURIComponent(current) + "/hangup")); } catch (e) { say(e.message); }
});
(async function loop() {
  for (;;) {
    try {
      if (accepting) {
        // the answer is being made; the list waits
      } else if (current) {
        const v = await api("GET", "calls/" + encodeURIComponent(current) + "/signal");
        if (["ended", "expired", "cancelled"].includes(v.state)) await end(v);
      } else {
        renderIncoming((await api("GET", "provider-session/calls")).data);
        if (document.body.dataset.state !== "ended") say("Waiting for calls");
      }
    } catch (e) { say(e.message); if (e.status === 401) return; }
    await sleep(1000);
  }
})();
// Leaving the page during a call hangs it up (the media goes with the
// page); ringing calls keep ringing for the provider's other pages.
addEventListener("pagehide", () => { if (current) leave(current); });
