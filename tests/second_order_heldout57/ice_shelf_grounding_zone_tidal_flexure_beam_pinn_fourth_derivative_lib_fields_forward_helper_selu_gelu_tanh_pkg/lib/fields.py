"""Forward pass of the flexure network, kept as plain functions so the physics code can reuse them."""
import math

import torch
import torch.nn.functional as F


def tidal_embedding(t, freqs):
    """Sin/cos features of the dominant tidal constituents (t in days, freqs in cycles/day)."""
    phase = 2.0 * math.pi * t * freqs
    return torch.cat([torch.sin(phase), torch.cos(phase)], dim=-1)


def mlp_field(net, x, t):
    """Deflection w(x, t) of the floating ice: SELU body, smooth tanh-GELU top layer."""
    h = torch.cat([x, t, tidal_embedding(t, net.tidal_freqs)], dim=-1)
    *body, top = net.layers
    for layer in body:
        h = net.act(layer(h))
    h = F.gelu(top(h), approximate="tanh")
    return net.out(h)
