"""Crosswell GPR survey + PINN settings. Imported as a module (``import cfg``) and kept on the model as self.cfg."""

SEED = 5

# survey geometry (metres); transmitter borehole at x = 0, receiver borehole at x = EXTENT[0]
EXTENT = (6.0, 10.0)
TX_DEPTH = 4.0
TX_WIDTH = 0.35
N_RX = 12
FREQ_MHZ = 100.0
K0 = 2.0 * 3.141592653589793 * FREQ_MHZ / 300.0   # free-space wavenumber in 1/m (c = 300 m/us)

# wavefield network
N_FREQ = 8
SIGMA = 1.5
WIDTH = 32
DEPTH = 2

# relative-permittivity network (the unknown of the inversion)
EPS_WIDTH = 16
EPS_RANGE = (3.0, 25.0)    # dry sand ... saturated clay

# loss weights
W_PDE = 1e-3
W_DATA = 1.0
W_TV = 1e-2
RES_BETA = 5.0

# optimisation
LR_FIELD = 1e-3
LR_EPS = 5e-3
N_COLLOC = 128
MAX_STEPS = 3
