"""LightningModule-style fitted-Q evaluation with a one-sided Lipschitz penalty on the state input."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import spectral_norm

import config as C
from critics import ConvCritic


class SpectralCritic(ConvCritic):
    """ConvCritic whose head is spectrally normalised and soft-thresholded (sparser advantage surface)."""

    def __init__(self, cfg):
        super().__init__(cfg)
        self.out = nn.Sequential(
            spectral_norm(nn.Linear(2 * cfg.HIDDEN, cfg.HIDDEN)),
            nn.Softshrink(cfg.SOFT_LAMBDA),
            spectral_norm(nn.Linear(cfg.HIDDEN, 1)),
        )


class OfflineValueModule(nn.Module):
    """training_step / configure_optimizers / on_after_optimizer_step, as a LightningModule would have them."""

    def __init__(self, config=C):
        super().__init__()
        self.cfg = config
        self.critic = SpectralCritic(config)
        # deepcopy would try to copy the config module held in critic.cfg, so rebuild and load instead
        self.target = SpectralCritic(config).requires_grad_(False)
        self.target.load_state_dict(self.critic.state_dict())

    def configure_optimizers(self):
        return torch.optim.Adam(self.critic.parameters(), lr=self.cfg.LR)

    def lipschitz_penalty(self, s, a):
        s = s.detach().requires_grad_(True)
        q = self.critic(s, a)
        (g,) = torch.autograd.grad(q.sum(), s, create_graph=True)
        gnorm = g.flatten(1).norm(dim=1)
        return torch.relu(gnorm - self.cfg.LIP_TARGET).pow(2).mean()

    def training_step(self, batch, batch_idx):
        s, a, r, s2, a2, done = batch
        with torch.no_grad():
            target = r + self.cfg.GAMMA * (1.0 - done) * self.target(s2, a2)
        q = self.critic(s, a)
        td = F.smooth_l1_loss(q, target, beta=self.cfg.HUBER_BETA)
        loss = td
        logs = {"td": td.item(), "q": q.mean().item()}
        if self.cfg.LIP_WEIGHT > 0:
            lip = self.lipschitz_penalty(s, a)
            loss = loss + self.cfg.LIP_WEIGHT * lip
            logs["lip"] = lip.item()
        return {"loss": loss, "log": logs}

    @torch.no_grad()
    def on_after_optimizer_step(self):
        for p, tp in zip(self.critic.parameters(), self.target.parameters()):
            tp.lerp_(p, self.cfg.TAU)
