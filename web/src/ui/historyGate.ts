// The first `popstate` listener of the app (issue 21's Back on unsaved edits). On `window`, the
// event's own target, listeners run in the order they were added, capturing or not (Chromium), and
// BrowserRouter adds its own when it mounts; React 19 then renders that navigation at once, inside
// the event. So a guard added later sees the editor already gone. main.tsx imports this module
// before anything renders: its listener runs first, and a gate the guard sets may keep the router
// from seeing the event at all.

/** Answers true to hold the step: no later listener (the router's) sees it. */
export type PopStateGate = (event: PopStateEvent) => boolean;

let gate: PopStateGate | null = null;

window.addEventListener('popstate', (event) => {
  if (gate?.(event)) event.stopImmediatePropagation();
});

/** Sets (or, with null, clears) the one gate. */
export function gatePopState(next: PopStateGate | null) {
  gate = next;
}
