"""Hamilton's equations from any object following the Hamiltonian protocol."""
from __future__ import annotations

import torch

from models import Hamiltonian


def vector_field(h: Hamiltonian, state: torch.Tensor, *, create_graph: bool = True) -> torch.Tensor:
    if not state.requires_grad:
        state = state.requires_grad_(True)
    (dh,) = torch.autograd.grad(h.energy(state).sum(), state, create_graph=create_graph)
    dq_dt = torch.narrow(dh, -1, 1, 1)
    dp_dt = -torch.narrow(dh, -1, 0, 1)
    return torch.cat([dq_dt, dp_dt], dim=-1)


def true_field(cfg, state):
    q, p = state[..., :1], state[..., 1:]
    return torch.cat([p / cfg.mass, -(cfg.stiffness * q + cfg.beta * q ** 3)], dim=-1)


def leapfrog(cfg, state, steps):
    out = [state]
    for _ in range(steps):
        q, p = out[-1][..., :1], out[-1][..., 1:]
        p_half = p - 0.5 * cfg.dt * (cfg.stiffness * q + cfg.beta * q ** 3)
        q_new = q + cfg.dt * p_half / cfg.mass
        p_new = p_half - 0.5 * cfg.dt * (cfg.stiffness * q_new + cfg.beta * q_new ** 3)
        out.append(torch.cat([q_new, p_new], -1))
    return torch.stack(out, 1)
