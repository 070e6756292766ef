/** A service the container builds with no binding at all (protocol §4.4). */
export class Clock {
  name(): string {
    return 'clock';
  }
}
