"""Learn the potential of a magnetic-pendulum desk toy from tracked bob positions.

The bob moves in the plane under F = -grad V(q). V is a small MLP plus a known spring term;
trajectories are rolled out with velocity Verlet and compared with the tracked ones. The forces are
autograd gradients of V (create_graph=True), so fitting the trajectories differentiates V twice.
"""
import torch
import torch.nn as nn

DT, N_STEPS, N_TRAJ = 0.05, 10, 6
CFG = {"hidden": 32, "spring": 1.0, "lr": 3e-3, "epochs": 4}


def make_potential(cfg):
    """Factory: returns the potential closure and the module holding its parameters."""
    net = nn.Sequential(
        nn.Linear(2, cfg["hidden"]),
        nn.PReLU(cfg["hidden"]),
        nn.Linear(cfg["hidden"], cfg["hidden"]),
        nn.PReLU(cfg["hidden"]),
        nn.Linear(cfg["hidden"], 1),
    )
    k = cfg["spring"]

    def potential(q):
        return net(q).squeeze(-1) + 0.5 * k * (q ** 2).sum(-1)

    return potential, net


def forces(potential, q):
    if not q.requires_grad:
        q = q.requires_grad_(True)
    v = potential(q)
    dv, = torch.autograd.grad(v.sum(), q, create_graph=True)
    return -dv


def verlet_rollout(potential, q0, p0, n_steps, dt=DT):
    q, p = q0, p0
    f = forces(potential, q)
    traj = [q]
    for _ in range(n_steps):
        p_half = p + 0.5 * dt * f
        q = q + dt * p_half
        f = forces(potential, q)
        p = p_half + 0.5 * dt * f
        traj.append(q)
    return torch.stack(traj, dim=1)


def true_potential(q):
    magnets = torch.tensor([[0.8, 0.0], [-0.4, 0.7], [-0.4, -0.7]])
    d2 = ((q[:, None, :] - magnets[None]) ** 2).sum(-1) + 0.1
    return 0.5 * (q ** 2).sum(-1) - (1.0 / d2.sqrt()).sum(-1) * 0.3


def tracked_trajectories(n):
    q0 = torch.randn(n, 2) * 0.6
    p0 = torch.randn(n, 2) * 0.3
    traj = verlet_rollout(true_potential, q0, p0, N_STEPS)
    return q0.detach(), p0.detach(), (traj + 0.01 * torch.randn_like(traj)).detach()


def main():
    torch.manual_seed(2)
    potential, net = make_potential(CFG)
    criterion = nn.SmoothL1Loss(beta=0.05)
    opt = torch.optim.Adam(net.parameters(), lr=CFG["lr"])
    q0, p0, target = tracked_trajectories(N_TRAJ)
    for epoch in range(CFG["epochs"]):
        pred = verlet_rollout(potential, q0.clone(), p0, N_STEPS)
        loss = criterion(pred, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: trajectory loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
