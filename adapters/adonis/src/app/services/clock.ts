/** Protocol §4.4: a plain service with no constructor parameters, built by the container. */
export default class Clock {
  name(): string {
    return 'clock'
  }
}
