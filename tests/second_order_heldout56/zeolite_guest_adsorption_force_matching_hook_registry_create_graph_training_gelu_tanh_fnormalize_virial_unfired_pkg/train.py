import torch
import torch.nn as nn
import torch.nn.functional as F

import config
from hooks import HOOKS
from model import GuestFrameworkPotential


def lj_reference(pos, framework, eps=0.05, sigma=2.2):
    """Synthetic labels: Lennard-Jones guest-framework energy and forces (first-order autograd on data)."""
    pos = pos.detach().requires_grad_(True)
    with torch.enable_grad():
        d = (pos[:, :, None, :] - framework[None, None]).norm(dim=-1).clamp(min=2.0)
        e = (4 * eps * ((sigma / d) ** 12 - (sigma / d) ** 6)).sum(dim=(1, 2))
        (g,) = torch.autograd.grad(e.sum(), pos)
    return e.detach(), -g.detach()


class AdsorptionModule(nn.Module):
    def __init__(self, framework):
        super().__init__()
        self.net = GuestFrameworkPotential(framework, config.N_TYPES, config.N_RBF, config.HIDDEN, config.CUTOFF)

    def training_step(self, batch):
        out = {"energy": self.net(batch["pos"], batch["types"])}
        losses = {"energy": F.mse_loss(out["energy"], batch["energy"])}
        for extra in HOOKS.run("after_forward", module=self, batch=batch, out=out):
            losses.update(extra)
        return losses

    def validation_step(self, batch):
        out = {"energy": self.net(batch["pos"], batch["types"])}
        return HOOKS.run("on_validation", module=self, batch=batch, out=out)


def make_batch(framework):
    pos = torch.randn(config.BATCH, config.N_GUEST_ATOMS, 3) * 1.2
    types = torch.randint(0, config.N_TYPES, (config.BATCH, config.N_GUEST_ATOMS))
    energy, forces = lj_reference(pos, framework)
    return {"pos": pos.requires_grad_(True), "types": types, "energy": energy, "forces": forces}


def main():
    torch.manual_seed(0)
    ang = torch.linspace(0, 2 * torch.pi, config.N_FRAMEWORK // 2 + 1)[:-1]
    ring = torch.stack([3.8 * ang.cos(), 3.8 * ang.sin(), torch.zeros_like(ang)], -1)
    framework = torch.cat([ring + torch.tensor([0.0, 0.0, -2.0]), ring + torch.tensor([0.0, 0.0, 2.0])])
    module = AdsorptionModule(framework)
    opt = torch.optim.Adam(module.parameters(), lr=config.LR)
    module.train()
    for step in range(config.STEPS):
        losses = module.training_step(make_batch(framework))
        opt.zero_grad()
        sum(losses.values()).backward()
        log = {k: round(v.item(), 4) for k, v in losses.items()}
        HOOKS.run("after_backward", module=module, log=log)
        opt.step()
        print(step, log)
        if config.VAL_EVERY and (step + 1) % config.VAL_EVERY == 0:
            module.eval()
            print("val", module.validation_step(make_batch(framework)))
            module.train()


if __name__ == "__main__":
    main()
