// Screens loaded on demand, without the wait React adds to every Suspense reveal. React 19 holds a
// boundary's fallback for up to 300 ms once shown, so a screen whose code arrives in 40 ms still
// appears (and only then asks for its data) 300 ms later: that was most of the invoice list's time
// (`bench/web.ts`). A screen made here renders directly once its code is loaded, and its code is
// loaded early: the screen at the address the app opens on at once, the others when the browser is idle.
import { type ComponentType, lazy } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

export interface Screen {
  (): React.JSX.Element;
  /** Starts loading the screen's code (once); resolves when it is ready to render. */
  preload: () => Promise<void>;
}

const everyScreen: Screen[] = [];

export function screen(load: Loader): Screen {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
    });
    return pending;
  };
  // Only while the code is on its way: the Suspense above shows "Loading".
  const Waiting = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  const Render = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Waiting />;
  };
  const made = Object.assign(Render, { preload });
  everyScreen.push(made);
  return made;
}

/** Loads every screen's code in the background, once the first screen has had its time. */
export function preloadEveryScreen() {
  // Not at once: on a first visit the browser is still compiling the opening screen and drawing
  // its answers, and a dozen more chunks to compile would slow exactly that.
  const timer = setTimeout(() => {
    const idle = (work: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(work) : setTimeout(work, 0);
    idle(() => {
      for (const each of everyScreen) void each.preload();
    });
  }, PRELOAD_AFTER_MS);
  return () => clearTimeout(timer);
}
const PRELOAD_AFTER_MS = 2000;
