// Redraws batched per animation frame: any number of requests in one frame draw once.
export interface FrameScheduler {
  request(): void;
  cancel(): void;
}

export function frameScheduler(
  raf: (cb: (time: number) => void) => number,
  caf: (id: number) => void,
  draw: (time: number) => void,
): FrameScheduler {
  let pending: number | null = null;
  return {
    request() {
      if (pending !== null) return;
      pending = raf((time) => {
        pending = null;
        draw(time);
      });
    },
    cancel() {
      if (pending !== null) caf(pending);
      pending = null;
    },
  };
}
