// Issue 21: leaving an editor with unsaved edits asks first. BrowserRouter has no useBlocker (that
// needs a data router, which added 14 KB to the log-in page), so the guard holds each way out itself:
// - a click on an in-app link (the shell's navigation, a document's own links), caught on `window` in
//   the capture phase before React's handlers see it;
// - the browser's Back and Forward: the first `popstate` listener (ui/historyGate.ts, added
//   before BrowserRouter's own) asks the guard, which holds the step from react-router: the browser
//   is put back where it was with `history.go(-delta)` (delta from react-router's `idx` in
//   `history.state`), that popstate is held too, and the guard asks; "Leave" replays
//   `history.go(delta)` and lets the router have it. This is what react-router's data-router blocker
//   does on a POP. No history entry is added, so none is left to remove after a save or when the
//   editor's own buttons move on;
// - closing or reloading the tab: the browser's own prompt (beforeunload).
// Not held: a screen's own navigate() calls (its save, its buttons), which are the screen's to
// decide, and an entry the router did not make (no `idx`: a bare `#fragment`).
import { Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { gatePopState } from './historyGate.ts';
import { historyIndex, inAppTarget } from './leaving.ts';

/** An editor says whether it holds unsaved edits. */
const GuardContext = createContext<((dirty: boolean) => void) | null>(null);

/** Where leaving would go: an in-app link's path, or a step through the history (Back is -1). */
type Leaving = { to: string } | { delta: number };

/** `onLeave`: what the held link would also have done (the shell closes its phone menu). */
export function UnsavedGuard({ children, onLeave }: { children: ReactNode; onLeave?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const dirty = useRef(false);
  /** react-router's index of the entry shown, read after each navigation the router made. */
  const shownIndex = useRef<number | null>(historyIndex(window.history.state));
  /** The popstate of the guard's own `history.go(-delta)` is coming: the router must not see it. */
  const puttingBack = useRef(false);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the router moved
  useEffect(() => {
    shownIndex.current = historyIndex(window.history.state);
  }, [location]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!dirty.current) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const link =
        anchor instanceof HTMLAnchorElement
          ? { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') }
          : null;
      const click = {
        button: event.button,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        defaultPrevented: event.defaultPrevented,
        link,
      };
      const to = inAppTarget(click, window.location);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ to });
    };
    /** True holds the step from the router. */
    const onPopState = () => {
      if (puttingBack.current) {
        puttingBack.current = false;
        return true;
      }
      if (!dirty.current) return false;
      const from = shownIndex.current;
      const to = historyIndex(window.history.state);
      if (from === null || to === null || to === from) return false;
      // The browser has moved already; react-router has not (this gate runs first): move back.
      puttingBack.current = true;
      window.history.go(from - to);
      setLeaving({ delta: to - from });
      return true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('click', onClick, true);
    gatePopState(onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('click', onClick, true);
      gatePopState(null);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
  const setDirty = useRef((value: boolean) => {
    dirty.current = value;
  }).current;
  return (
    <GuardContext.Provider value={setDirty}>
      {children}
      <ConfirmDialog
        opened={leaving !== null}
        title="Leave without saving?"
        confirm="Leave without saving"
        keep="Stay on this page"
        onConfirm={() => {
          dirty.current = false;
          setLeaving(null);
          onLeave?.();
          if (leaving === null) return;
          if ('to' in leaving) navigate(leaving.to);
          // The same step again, the router listening this time.
          else window.history.go(leaving.delta);
        }}
        onClose={() => setLeaving(null)}
      >
        <Text size="sm">
          Your changes on this page are not saved. Stay to save them, or leave and lose them.
        </Text>
      </ConfirmDialog>
    </GuardContext.Provider>
  );
}

/** An editor's unsaved edits hold in-app links, Back and Forward, and the tab's closing until saved or left. */
export function useUnsavedChanges(unsaved: boolean) {
  const setDirty = useContext(GuardContext);
  useEffect(() => {
    setDirty?.(unsaved);
    return () => setDirty?.(false);
  }, [setDirty, unsaved]);
}
