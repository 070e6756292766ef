<?php

namespace App\Services;

/** A service with a constructor dependency: the container builds it (and its Clock) without a binding. */
class Calendar
{
    public function __construct(private Clock $clock)
    {
    }

    public function clock(): Clock
    {
        return $this->clock;
    }
}
