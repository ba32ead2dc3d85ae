"""TRADES settings for the ship-wake tile classifier."""
EPSILON = 8 / 255
PGD_STEP = 2 / 255
PGD_ITERS = 3
BETA = 6.0
# CURE-style curvature term (needs double backprop); disabled for this baseline run.
CURVATURE_WEIGHT = 0.0
CURVATURE_H = 0.5
LR = 0.01
EPOCHS = 3
BATCH = 8
