"""Fit a dissipative HNN to noisy state derivatives of a damped FPUT-alpha chain, then roll it out."""
import torch

from config import Config
from dynamics import LOSSES, DissipativeHNN
from models import build


def fput_field(x, cfg):
    n = cfg.n_masses
    q, p = x[:, :n], x[:, n:]
    qq = torch.nn.functional.pad(q, (1, 1))          # clamped ends
    s = qq[:, 1:] - qq[:, :-1]                       # spring stretches, n + 1 of them
    force = s + cfg.alpha * s ** 2                   # -dV/ds
    dp = force[:, 1:] - force[:, :-1] - cfg.damping * p
    return torch.cat([p, dp], dim=1)


def sample_states(cfg):
    x = torch.randn(cfg.batch, 2 * cfg.n_masses) * 0.5
    return x, fput_field(x, cfg) + 0.01 * torch.randn_like(x)


def rollout(model, x0, cfg):
    model.eval()
    xs = [x0]
    with torch.no_grad():
        for _ in range(cfg.rollout_steps):
            xs.append(xs[-1] + cfg.dt * model(xs[-1]))
    model.train()
    return torch.stack(xs)


def main(cfg=Config()):
    torch.manual_seed(cfg.seed)
    dim = 2 * cfg.n_masses
    model = DissipativeHNN(build("hamiltonian", dim, cfg.width, cfg.depth, cfg.act),
                           build("dissipation", dim, cfg.width // 2), cfg.n_masses)
    criterion = LOSSES[cfg.loss]
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, dx_true = sample_states(cfg)
        dx_pred = model(x)
        loss = criterion(dx_pred, dx_true)
        opt.zero_grad()
        loss.backward()
        opt.step()
        traj = rollout(model, x[:2], cfg)
        with torch.no_grad():
            e = model.energy(traj.reshape(-1, dim)).reshape(traj.shape[0], -1)
        print(f"step {step}: loss {loss.item():.4f}  energy drift {(e[-1] - e[0]).mean().item():+.4f}")


if __name__ == "__main__":
    main()
