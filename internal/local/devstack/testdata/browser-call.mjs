// Drives a real call between two headless Chromium pages with fake media:
// the provider's page and the user's call_url. Run by TestCallInBrowsers;
// prints one JSON line with what it saw. Arguments come from the
// environment: CHROMIUM, DRIVER_DIR (where playwright-core is installed),
// PROVIDER_URL, CALL_URL, REDIRECT_URL, SHOTS (screenshot folder); and
// API_URL, API_KEY and CALL_BODY, to create a second call once the first is
// over (its provider is in one call at a time), whose user closes the tab.
import { createRequire } from "node:module";

const env = process.env;
const { chromium } = createRequire(env.DRIVER_DIR + "/")("playwright-core");
const result = { steps: [] };
const step = (s) => result.steps.push(s);
const browser = await chromium.launch({
  executablePath: env.CHROMIUM,
  args: ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
    "--disable-features=WebRtcHideLocalIpsWithMdns", "--no-sandbox"],
});
const deadline = (ms) => ({ timeout: ms });
// inboundBytes polls the page's RTP byte count from here until it is above
// zero and returns the count that passed. A waitForFunction on the async
// count followed by a second read gave 0 in about half the runs on a loaded
// machine; one loop makes the wait and the reading the same value.
async function inboundBytes(page, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const n = await page.evaluate(() => window.svcInboundBytes());
    if (n > 0 || Date.now() > end) return n;
    await new Promise((r) => setTimeout(r, 250));
  }
}
try {
  const context = await browser.newContext({ permissions: ["microphone", "camera"] });
  const provider = await context.newPage();
  const user = await context.newPage();
  const violations = [];
  for (const p of [provider, user]) {
    p.on("console", (m) => { if (/Content.Security.Policy|Refused/i.test(m.text())) violations.push(m.text()); });
  }
  await provider.goto(env.PROVIDER_URL);
  await provider.waitForFunction(() => document.getElementById("status").textContent === "Waiting for calls", null, deadline(15000));
  step("provider waiting");
  await user.goto(env.CALL_URL);
  await user.waitForSelector("#join:not([hidden])", deadline(15000));
  result.userSees = await user.textContent("#who");
  await user.click("#join");
  await user.waitForFunction(() => document.body.dataset.state === "ringing", null, deadline(20000));
  step("user ringing");
  await provider.waitForSelector("button.accept", deadline(15000));
  await provider.click("button.accept");
  step("provider accepted");
  for (const [name, p] of [["user", user], ["provider", provider]]) {
    await p.waitForFunction(() => document.body.dataset.peer === "connected", null, deadline(30000));
    result[name + "InboundBytes"] = await inboundBytes(p, 30000);
    step(name + " receiving media");
  }
  await user.screenshot({ path: env.SHOTS + "/user-connected.png" });
  await provider.screenshot({ path: env.SHOTS + "/provider-connected.png" });
  await provider.click("#hangup");
  step("provider hung up");
  await user.waitForURL(env.REDIRECT_URL + "**", deadline(20000));
  result.userLandedOn = user.url();
  await provider.screenshot({ path: env.SHOTS + "/provider-ended.png" });
  // A second call, whose user closes the tab while connected: the page's
  // pagehide hangs up, and the provider's page sees the end at once (well
  // before the 30 s after which a silent side ends the call).
  const res = await fetch(env.API_URL + "/v1/calls", { method: "POST", body: env.CALL_BODY,
    headers: { "Authorization": "Bearer " + env.API_KEY, "Content-Type": "application/json" } });
  const second = await res.json();
  if (!res.ok) throw new Error("second call: " + res.status + " " + JSON.stringify(second));
  result.secondCallId = second.call_id;
  const user2 = await context.newPage();
  await user2.goto(second.call_url);
  await user2.waitForSelector("#join:not([hidden])", deadline(15000));
  await user2.click("#join");
  await user2.waitForFunction(() => document.body.dataset.state === "ringing", null, deadline(20000));
  await provider.waitForSelector("button.accept", deadline(15000));
  await provider.click("button.accept");
  await user2.waitForFunction(() => document.body.dataset.state === "connected", null, deadline(30000));
  step("second call connected");
  const closed = Date.now();
  await user2.close();
  step("user closed the tab");
  await provider.waitForFunction(() => document.body.dataset.state === "ended", null, deadline(15000));
  result.endSeenAfterMs = Date.now() - closed;
  step("provider saw the end");
  result.cspViolations = violations;
  result.ok = true;
} catch (e) {
  result.error = String(e && e.stack || e);
} finally {
  await browser.close();
  console.log(JSON.stringify(result));
}
