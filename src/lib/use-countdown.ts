import { useEffect, useState } from 'react';
import { secondsLeft } from './expiry';

/** Seconds left until `endsAt` (epoch ms), ticking once a second; 0 when there is nothing to wait for. */
export function useCountdown(endsAt: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const left = endsAt ? secondsLeft(endsAt, now) : 0;
  useEffect(() => {
    if (left <= 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [left]);
  return left;
}
