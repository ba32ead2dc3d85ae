"""Stay-cable tension estimation from deck-anchorage accelerometer spectra."""

N_BINS = 64            # PSD bins, 0-16 Hz
CABLE_LENGTH_M = 120.0
MASS_PER_M = 60.0      # kg/m
BATCH = 8
STEPS = 3
LR = 1e-3
WIDTH = 16

# weights of the handlers subscribed to the "penalty" event; a handler with weight 0 is skipped by the bus
PENALTY_WEIGHTS = {
    "weight_l1": 1e-5,
    "taut_string_prior": 0.1,
    "input_smoothness": 0.0,
}
