DROP TABLE simulated_wave_sessions;
