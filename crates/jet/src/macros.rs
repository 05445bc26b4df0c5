//! The `json!` macro.

/// Builds a [`Value`](crate::Value) from JSON-like syntax: `null`, `true`, `false`, arrays,
/// objects, and any Rust expression whose type is `Serialize` (converted with
/// [`to_value`](crate::to_value)). Object keys are string literals or expressions (an
/// expression key of more than one token goes in parentheses when it contains a `:`).
///
/// ```
/// use jet::json;
///
/// let name = "jet";
/// let v = json!({
///     "name": name,
///     "tags": ["fast", "strict", null],
///     "nested": {"ok": true, "n": 2 + 3},
///     format!("key{}", 1): [1.5, -2, {}],
/// });
/// assert_eq!(v["nested"]["n"], 5);
/// assert_eq!(v["key1"][1], -2);
/// assert_eq!(v.to_string(), r#"{"name":"jet","tags":["fast","strict",null],"nested":{"ok":true,"n":5},"key1":[1.5,-2,{}]}"#);
/// ```
#[macro_export]
macro_rules! json {
    ($($json:tt)+) => {
        $crate::__json_internal!($($json)+)
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __json_internal {
    // Arrays: elements are munched one at a time into `[...]`, each followed by a comma.
    (@array [$($elems:expr,)*]) => {
        $crate::__private::vec![$($elems,)*]
    };
    (@array [$($elems:expr),*]) => {
        $crate::__private::vec![$($elems),*]
    };
    (@array [$($elems:expr,)*] null $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(null)] $($rest)*)
    };
    (@array [$($elems:expr,)*] true $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(true)] $($rest)*)
    };
    (@array [$($elems:expr,)*] false $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(false)] $($rest)*)
    };
    (@array [$($elems:expr,)*] [$($array:tt)*] $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!([$($array)*])] $($rest)*)
    };
    (@array [$($elems:expr,)*] {$($object:tt)*} $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!({$($object)*})] $($rest)*)
    };
    (@array [$($elems:expr,)*] $next:expr, $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!($next),] $($rest)*)
    };
    (@array [$($elems:expr,)*] $last:expr) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!($last)])
    };
    // The comma after an element that was not an expression.
    (@array [$($elems:expr),*] , $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)*] $($rest)*)
    };

    // Objects: `(@object map (key tokens) (rest))` munches a key up to its colon, then the
    // value; `(@object map [key] (value) rest)` inserts the member.
    (@object $map:ident () ()) => {};
    (@object $map:ident [$($key:tt)+] ($value:expr) , $($rest:tt)*) => {
        let _ = $map.insert(($($key)+).into(), $value);
        $crate::__json_internal!(@object $map () ($($rest)*));
    };
    (@object $map:ident [$($key:tt)+] ($value:expr)) => {
        let _ = $map.insert(($($key)+).into(), $value);
    };
    (@object $map:ident ($($key:tt)+) (: null $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map [$($key)+] ($crate::__json_internal!(null)) $($rest)*);
    };
    (@object $map:ident ($($key:tt)+) (: true $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map [$($key)+] ($crate::__json_internal!(true)) $($rest)*);
    };
    (@object $map:ident ($($key:tt)+) (: false $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map [$($key)+] ($crate::__json_internal!(false)) $($rest)*);
    };
    (@object $map:ident ($($key:tt)+) (: [$($array:tt)*] $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map [$($key)+] ($crate::__json_internal!([$($array)*])) $($rest)*);
    };
    (@object $map:ident ($($key:tt)+) (: {$($object:tt)*} $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map [$($key)+] ($crate::__json_internal!({$($object)*})) $($rest)*);
    };
    (@object $map:ident ($($key:tt)+) (: $value:expr , $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map [$($key)+] ($crate::__json_internal!($value)) , $($rest)*);
    };
    (@object $map:ident ($($key:tt)+) (: $value:expr)) => {
        $crate::__json_internal!(@object $map [$($key)+] ($crate::__json_internal!($value)));
    };
    (@object $map:ident ($($key:tt)+) (:)) => {
        $crate::__private::compile_error!("missing value after the colon in json!")
    };
    (@object $map:ident () (($key:expr) : $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map ($key) (: $($rest)*));
    };
    (@object $map:ident ($($key:tt)*) ($tt:tt $($rest:tt)*)) => {
        $crate::__json_internal!(@object $map ($($key)* $tt) ($($rest)*));
    };

    // Values.
    (null) => {
        $crate::Value::Null
    };
    (true) => {
        $crate::Value::Bool(true)
    };
    (false) => {
        $crate::Value::Bool(false)
    };
    ([]) => {
        $crate::Value::Array($crate::value::Array::new())
    };
    ([ $($tt:tt)+ ]) => {
        $crate::Value::Array($crate::value::Array::from($crate::__json_internal!(@array [] $($tt)+)))
    };
    ({}) => {
        $crate::Value::Object($crate::Map::new())
    };
    ({ $($tt:tt)+ }) => {
        $crate::Value::Object({
            let mut map = $crate::Map::new();
            $crate::__json_internal!(@object map () ($($tt)+));
            map
        })
    };
    ($other:expr) => {
        $crate::__private::to_value_or_panic(&$other)
    };
}
