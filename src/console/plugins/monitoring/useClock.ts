// The current time, yyyy-MM-dd HH:mm:ss, ticking every second while the view is open.
import { useEffect, useState } from 'react';

const two = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) =>
  `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;

export function useClock(): string {
  const [now, setNow] = useState(() => stamp(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setNow(stamp(new Date())), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
