"use strict";
// Shared by both pages: the session token, the API calls, the peer
// connection with non-trickle ICE, and the media statistics the tests read.
const token = new URLSearchParams(location.search).get("metadata") || "";
const $ = (id) => document.getElementById(id);
function say(text) { $("status").textContent = text; }
async function api(method, path, body) {
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(path + sep + "metadata=" + encodeURIComponent(token), {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined, cache: "no-store", credentials: "omit",
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const msg = (data.error && data.error.error_data && data.error.error_data.details) || ("HTTP " + res.status);
    const err = new Error(msg); err.status = res.status; throw err;
  }
  return data;
}
// leave hangs up a call as the page goes away (tab closed, reload,
// navigation): a keepalive request outlives the page. The call would end
// anyway once the page stops polling (AbandonAfter), this ends it now.
function leave(callId) {
  const path = (callId ? "calls/" + encodeURIComponent(callId) + "/" : "") + "hangup";
  try {
    fetch(path + "?metadata=" + encodeURIComponent(token),
      { method: "POST", keepalive: true, cache: "no-store", credentials: "omit" }).catch(() => {});
  } catch (e) { /* the page is going */ }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let pc = null, localStream = null;
async function openMedia() {
  const video = $("video-on") ? $("video-on").checked : false;
  localStream = await navigator.mediaDevices.getUserMedia({ audio: true, video });
  $("local").srcObject = localStream;
}
function newPeer(iceServers) {
  pc = new RTCPeerConnection({ iceServers });
  for (const t of localStream.getTracks()) pc.addTrack(t, localStream);
  pc.ontrack = (ev) => { $("remote").srcObject = ev.streams[0]; };
  pc.onconnectionstatechange = () => { document.body.dataset.peer = pc.connectionState; };
  return pc;
}
// Non-trickle ICE: the description is sent once gathering has completed,
// with every candidate in it (or after 5 s, with what was gathered).
function gathered() {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === "complete") resolve(); };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, 5000);
  });
}
// inboundBytes is the bytes received by every inbound RTP stream: > 0
// once media flows (read by the browser test).
async function inboundBytes() {
  if (!pc) return 0;
  let n = 0;
  (await pc.getStats()).forEach((r) => { if (r.type === "inbound-rtp") n += r.bytesReceived || 0; });
  return n;
}
window.svcInboundBytes = inboundBytes;
function stopMedia() {
  if (pc) { pc.close(); pc = null; }
  if (localStream) { localStream.getTracks().forEach((t) => t.stop()); localStream = null; }
}
