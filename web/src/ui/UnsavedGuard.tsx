// Issue 21: leaving an editor with unsaved edits asks first. BrowserRouter has no useBlocker (that
// needs a data router), so the guard holds the navigation where it starts: a click on an in-app link
// (the shell's navigation, a document's own links), caught on `window` in the capture phase before
// React's handlers see it, then asked about in a dialog. Closing or reloading the tab gets the
// browser's own prompt (beforeunload). Not held: the browser's back button and a screen's own
// navigate() calls (its save, its buttons), which are the screen's to decide.
import { Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { inAppTarget } from './leaving.ts';

/** An editor says whether it holds unsaved edits. */
const GuardContext = createContext<((dirty: boolean) => void) | null>(null);

/** `onLeave`: what the held link would also have done (the shell closes its phone menu). */
export function UnsavedGuard({ children, onLeave }: { children: ReactNode; onLeave?: () => void }) {
  const navigate = useNavigate();
  const dirty = useRef(false);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
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
      setLeavingTo(to);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('click', onClick, true);
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
        opened={leavingTo !== null}
        title="Leave without saving?"
        confirm="Leave without saving"
        keep="Stay on this page"
        onConfirm={() => {
          const to = leavingTo;
          dirty.current = false;
          setLeavingTo(null);
          onLeave?.();
          if (to) navigate(to);
        }}
        onClose={() => setLeavingTo(null)}
      >
        <Text size="sm">
          Your changes on this page are not saved. Stay to save them, or leave and lose them.
        </Text>
      </ConfirmDialog>
    </GuardContext.Provider>
  );
}

/** An editor's unsaved edits hold in-app links and the tab's closing until saved or left. */
export function useUnsavedChanges(unsaved: boolean) {
  const setDirty = useContext(GuardContext);
  useEffect(() => {
    setDirty?.(unsaved);
    return () => setDirty?.(false);
  }, [setDirty, unsaved]);
}
