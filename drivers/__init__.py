"""Table hardware: the framed protocol, one driver per device family, transports, simulated
devices. Importable without Qt."""
