/**
 * React.lazy that can be loaded ahead and then renders synchronously. The first screen is
 * drawn as HTML by the server (src/ssr/); the app takes over only once the code of what that
 * HTML shows has arrived, and its first render must then show the same thing, not a Suspense
 * fallback for one frame. A plain lazy component always suspends on its first render, even
 * when its module is loaded; this one hands React an already settled thenable instead.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<Props extends object> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts (or joins) loading; resolves once the component renders without suspending. */
  readonly preload: () => Promise<void>;
};

type Loaded<Props extends object> = { default: ComponentType<Props> };

export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableComponent<Props> {
  let loaded: Loaded<Props> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = { default: component };
      },
      (error: unknown) => {
        // A download that failed (a moment without signal) is tried again on the next call.
        loading = null;
        throw error;
      },
    ));
  const component = lazy<ComponentType<Props>>(() => {
    const ready = loaded;
    if (ready !== null) {
      // React reads a thenable that calls back at once as settled, and renders synchronously.
      // React only calls then(onFulfilled) and reads the result from that callback.
      const settled = {
        then: (onFulfilled: (value: Loaded<Props>) => unknown) => {
          onFulfilled(ready);
        },
      };
      return settled as unknown as Promise<Loaded<Props>>;
    }
    return preload().then(() => {
      if (loaded === null) throw new Error('lazyWithPreload: loaded without a component');
      return loaded;
    });
  });
  return Object.assign(component, { preload });
}
