"""Heavy symmetric top (Lagrange top): learn H(q, p) from energy labels only.

The bench rig logs the total energy from a calibrated flywheel encoder but not the angular rates,
so the vector-field loss is switched off; the learned H is used for symplectic rollouts.
"""
STATE_DIM = 6                 # (theta, phi, psi, p_theta, p_phi, p_psi)
HIDDEN = (64, 64)
ACTIVATION = "selu"           # models.ACTS
NORM = "group"                # models.NORMS
ENERGY_LOSS = "smooth_l1"     # objectives.LOSSES
SUPERVISE_VECTOR_FIELD = False
VF_WEIGHT = 0.5
BATCH = 32
STEPS = 4
LR = 1e-3
ROLLOUT = {"steps": 8, "dt": 0.01}
TOP = {"I1": 0.8, "I3": 0.3, "mgl": 1.2}
