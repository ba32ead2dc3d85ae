"""YAML-like run configuration for the flat-panel loudspeaker diaphragm (Deep Ritz, Kirchhoff plate)."""

CONFIG = {
    "plate": {
        "radius_mm": 40.0,
        "thickness_mm": 0.3,
        "youngs_gpa": 3.5,      # PET-like film with a paper laminate
        "poisson": 0.34,
        "coil_radius": 0.45,    # voice-coil ring, fraction of the radius
        "coil_width": 0.04,
        "force": 1.0,           # scaled ring load
    },
    "model": {
        "experts": 4,
        "expert_width": 24,
        "expert_act": "gelu_tanh",
        "gate_temperature": 1.0,
    },
    "train": {
        "steps": 3,
        "quadrature_points": 256,
        "lr": 1e-3,
        "vibrometer_weight": 0.5,
    },
}
