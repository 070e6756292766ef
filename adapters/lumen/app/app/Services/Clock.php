<?php
declare(strict_types=1);

namespace App\Services;

/** Protocol §4.4: a plain service the container builds without any binding. */
class Clock
{
    public function name(): string
    {
        return 'clock';
    }
}
