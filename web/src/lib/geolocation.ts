/** Where the browser says it is, asked only when the person chose to share it. */

export interface BrowserCoordinates {
  latitude: number;
  longitude: number;
}

/**
 * The device's coordinates (the browser asks the person's permission), or
 * null when refused, unavailable or slower than `timeoutMs`: never throws,
 * never waits for ever, so a refusal does not block what it was asked for.
 */
export function currentCoordinates(timeoutMs = 10_000): Promise<BrowserCoordinates | null> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: BrowserCoordinates | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs + 1000);
    try {
      geolocation.getCurrentPosition(
        (position) => finish({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
        () => finish(null),
        { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      finish(null);
    }
  });
}
