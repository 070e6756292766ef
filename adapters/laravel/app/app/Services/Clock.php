<?php

namespace App\Services;

/** A plain service without constructor parameters: the container builds it without a binding. */
class Clock
{
}
