"""Let It Ride poker (9 NYCRR 5324.34)."""
