<?php
// adapter/preload.php: PHP's opcache.preload script (start.sh). php -S forgets every class at the
// end of each request, so each request linked Laravel's several hundred classes anew from OPcache;
// preloaded classes are linked once, when the server starts, and shared by every request of every
// worker. Only framework classes are preloaded: the list is what adapter/warm.php's sample requests
// declared, so it follows the installed Laravel without a list to maintain. A preloaded class is
// the same class: its static properties still start afresh for every request. Adapter and
// application files are never preloaded.
declare(strict_types=1);

require_once '/usr/share/php/Illuminate/autoload.php';   // resolves the parents of the classes below

$list = getenv('FW_PRELOAD_LIST');
if ($list !== false && is_file($list)) {
    foreach (file($list, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $file) {
        require_once $file;
    }
}
