"""Train on (state, energy) pairs of the heavy top, then roll the learned H out."""
import torch

import config
from models import HamiltonianMLP
from objectives import energy_loss, symplectic_field, vector_field_loss


def top_energy(x, I1, I3, mgl):
    th, p_th, p_ph, p_ps = x[:, 0], x[:, 3], x[:, 4], x[:, 5]
    return (p_th ** 2 / (2 * I1) + (p_ph - p_ps * torch.cos(th)) ** 2 / (2 * I1 * torch.sin(th) ** 2)
            + p_ps ** 2 / (2 * I3) + mgl * torch.cos(th))


def sample_states(n):
    th = 0.3 + 2.5 * torch.rand(n)
    angles = torch.stack([th, torch.rand(n) * 6.28, torch.rand(n) * 6.28], 1)
    momenta = torch.randn(n, 3) * torch.tensor([0.5, 0.5, 2.0])
    x = torch.cat([angles, momenta], 1)
    return x, top_energy(x, **config.TOP) + 0.01 * torch.randn(n)


def rollout(model, x0):
    x, traj = x0.clone(), [x0]
    for _ in range(config.ROLLOUT["steps"]):
        with torch.no_grad():
            x = x + config.ROLLOUT["dt"] * symplectic_field(model, x)
        traj.append(x)
    return torch.stack(traj)


def main():
    torch.manual_seed(6)
    model = HamiltonianMLP()
    opt = torch.optim.Adam(model.parameters(), lr=config.LR)
    for step in range(config.STEPS):
        x, e = sample_states(config.BATCH)
        loss = energy_loss(model, x, e)
        if config.SUPERVISE_VECTOR_FIELD:
            rates = symplectic_field(lambda s: top_energy(s, **config.TOP), x)   # simulator only
            loss = loss + config.VF_WEIGHT * vector_field_loss(model, x, rates)
        opt.zero_grad()
        loss.backward()
        opt.step()
        traj = rollout(model, x[:4])
        with torch.no_grad():
            drift = (model(traj[-1]) - model(traj[0])).abs().mean()
        print(f"step {step}: energy loss {loss.item():.4f}  learned-H drift over rollout {drift.item():.2e}")


if __name__ == "__main__":
    main()
