"""Euler-Lagrange accelerations from a learned Lagrangian, one state at a time."""
import torch


def euler_lagrange_accel(lagrangian, states, create_graph=True):
    """qddot = (d2L/dqdot2)^-1 (dL/dq - d2L/dqdot dq qdot) for each row of states (B, 4)."""
    n = states.shape[-1] // 2
    accs = []
    for s in states:
        grad = torch.autograd.functional.jacobian(lagrangian, s, create_graph=create_graph)
        hess = torch.autograd.functional.hessian(lagrangian, s, create_graph=create_graph)
        qdot = s[n:]
        h_vv = hess[n:, n:]
        h_vq = hess[n:, :n]
        rhs = grad[:n] - h_vq @ qdot
        accs.append(torch.linalg.solve(h_vv, rhs))
    return torch.stack(accs)


def true_accel(states, plant):
    """Analytic trolley / pendulum accelerations (no actuation)."""
    M, m, l, g = plant["trolley_mass"], plant["payload_mass"], plant["cable_length"], plant["g"]
    x, th, xd, thd = states.unbind(-1)
    a11 = torch.full_like(x, M + m)
    a12 = m * l * torch.cos(th)
    a22 = torch.full_like(x, m * l * l)
    b1 = m * l * thd ** 2 * torch.sin(th)
    b2 = -m * g * l * torch.sin(th)
    det = a11 * a22 - a12 * a12
    xdd = (a22 * b1 - a12 * b2) / det
    thdd = (a11 * b2 - a12 * b1) / det
    return torch.stack([xdd, thdd], dim=-1)
