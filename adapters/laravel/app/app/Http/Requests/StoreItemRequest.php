<?php

namespace App\Http\Requests;

use App\Support\Trace;
use Illuminate\Foundation\Http\FormRequest;

/**
 * name: required, a non-empty string; qty: optional, an integer. "Optional" is written the way
 * Laravel's documentation writes optional fields: nullable (absent, null or empty passes).
 */
class StoreItemRequest extends FormRequest
{
    public function authorize()
    {
        return true;
    }

    public function rules()
    {
        return [
            'name' => ['required', 'string'],
            'qty' => ['nullable', 'integer'],
        ];
    }

    /** Laravel's FormRequestServiceProvider calls this when the container resolves the request. */
    public function validateResolved()
    {
        Trace::add('validate:StoreItemRequest');

        parent::validateResolved();
    }
}
