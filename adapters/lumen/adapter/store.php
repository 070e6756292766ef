<?php
// adapter/store.php: where the adapter writes (stored manifests, Lumen's storage: views, log), per port.
declare(strict_types=1);

/** Everything the adapter writes: stored manifests, Lumen's storage (views, log). Per port. */
function fw_lumen_store(): string
{
    return getenv('FW_LUMEN_STORE') ?: sys_get_temp_dir() . '/fw-lumen-' . getenv('PORT');
}
