// Issue 21: an editor's state on screen against what was last saved (or loaded); unsaved edits hold
// in-app links, Back and the tab's closing (UnsavedGuard). One hook for the document and journal editors.
import { useRef, useState } from 'react';
import { snapshotOf } from './leaving.ts';
import { useUnsavedChanges } from './UnsavedGuard.tsx';

/**
 * `submitting()` notes what is on screen as what a save sends; `saved()`, once that save went
 * through, makes it the saved state (edits made while it ran stay unsaved).
 */
export function useSavedSnapshot(onScreen: unknown) {
  const current = snapshotOf(onScreen);
  const [savedSnapshot, setSavedSnapshot] = useState(current);
  const submitted = useRef(current);
  useUnsavedChanges(current !== savedSnapshot);
  return {
    submitting: () => {
      submitted.current = current;
    },
    saved: () => setSavedSnapshot(submitted.current),
  };
}
