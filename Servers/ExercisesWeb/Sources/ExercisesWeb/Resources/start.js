// MobileExercises live pages (Docs/Web.md): the page `GET /{app}` answers. It opens a session
// in the person's languages and time zone (a phone app is in its person's language and shows
// times in their zone) and goes to its page. Only this page, from this origin, creates sessions.
"use strict";
(async () => {
  const body = document.body;
  const status = document.getElementById("start-status");
  const preferences = {
    languages: (navigator.languages && navigator.languages.length ? [...navigator.languages] : [navigator.language]).slice(0, 10),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  try {
    const response = await fetch(body.dataset.create, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(preferences),
      credentials: "same-origin", cache: "no-store",
    });
    const answer = await response.json();
    if (response.ok && answer.location) {
      location.replace(answer.location);
      return;
    }
    status.textContent = answer.message || body.dataset.failed;
  } catch (error) {
    status.textContent = body.dataset.failed;
  }
})();
