"""Train a Hamiltonian neural network on simulated chandelier sway (swing + crown twist)."""
import logging

import torch

from config import CFG
from integrators import chandelier_ground_truth, leapfrog_rollout, simulate
from models import HamiltonianField, SeparableHamiltonian

log = logging.getLogger("chandelier_hnn")


def field_loss(field, x):
    target = chandelier_ground_truth(x)
    pred = field(x.clone().requires_grad_(True))
    return ((pred - target) ** 2).sum(-1).mean()


def energy_drift(field, x0):
    traj = leapfrog_rollout(field, x0, CFG.dt, CFG.rollout_steps)
    H = field.H(traj.reshape(-1, traj.shape[-1])).reshape(traj.shape[:2])
    return (H - H[:, :1]).abs().mean()


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(CFG.seed)
    states = simulate(CFG.n_traj, CFG.traj_len, CFG.dt, gen).reshape(-1, 2 * CFG.dof)
    field = HamiltonianField(SeparableHamiltonian(CFG.dof, CFG.hidden))
    opt = torch.optim.Adam(field.parameters(), lr=CFG.lr)
    for epoch in range(CFG.epochs):
        perm = torch.randperm(states.shape[0], generator=gen)
        for i in range(0, states.shape[0], CFG.batch):
            x = states[perm[i:i + CFG.batch]]
            terms = {"field": field_loss(field, x)}
            if CFG.loss_weights["energy_drift"] > 0:
                terms["energy_drift"] = energy_drift(field, x[:8])
            loss = sum(CFG.loss_weights[k] * v for k, v in terms.items())
            opt.zero_grad()
            loss.backward()
            opt.step()
        drift = energy_drift(field, states[:4]).item()
        log.info("epoch %d field %.4f energy drift %.4f", epoch, terms["field"].item(), drift)
    g = field.H.kin_in.weight.grad
    assert g is not None and g.abs().sum() > 0
    log.info("kinetic prelu slope mean %.3f", field.H.kin_act.weight.mean().item())


if __name__ == "__main__":
    main()
