//! placeholder: the r36 ABI (ioctl numbers and argument structs).
