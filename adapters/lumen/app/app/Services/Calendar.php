<?php
declare(strict_types=1);

namespace App\Services;

/** Protocol §4.4: a service with a constructor dependency and no public property. */
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
