"""Ten-pin bowling: predict strike probability and pocket entry angle from the tracked ball path.

Lane cameras give (board, distance, speed) along the first 45 ft plus the bowler's rev rate. Written as a
Lightning-style module with hand-written trainer hooks. A monotonicity prior (more revs -> larger entry
angle) exists as a gradient penalty, but it is switched off in this configuration (weight 0.0), and
manual_backward's create_graph comes from the hparams (False).
"""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

HPARAMS = {
    "hidden": 32,
    "lr": 2e-3,
    "angle_weight": 0.5,
    "monotonic_weight": 0.0,   # rev-rate monotonicity prior; 0 disables it
    "double_backprop": False,
    "ema_decay": 0.98,
    "batch": 8,
    "track_len": 30,
    "steps": 3,
}


class BallPathModule(nn.Module):
    def __init__(self, hparams):
        super().__init__()
        self.hparams = dict(hparams)
        h = self.hparams["hidden"]
        self.encoder = nn.LSTM(3, h, batch_first=True)
        self.rev_proj = nn.Linear(1, h)
        self.head = nn.Sequential(nn.Linear(2 * h, h), nn.PReLU(h), nn.Linear(h, 2))
        self._opt = None

    def forward(self, track, revs):
        _, (hn, _) = self.encoder(track)
        z = torch.cat([hn[-1], self.rev_proj(revs)], dim=1)
        out = self.head(z)
        return out[:, 0], out[:, 1]  # strike logit, entry angle (deg, scaled)

    def configure_optimizers(self):
        self._opt = torch.optim.Adam(self.parameters(), lr=self.hparams["lr"])
        return self._opt

    def manual_backward(self, loss, create_graph=False):
        loss.backward(create_graph=create_graph)

    def monotonic_penalty(self, track, revs):
        revs = revs.clone().requires_grad_(True)
        _, angle = self(track, revs)
        (d_angle,) = torch.autograd.grad(angle.sum(), revs, create_graph=True)
        return F.relu(-d_angle).pow(2).mean()

    def training_step(self, batch, batch_idx):
        track, revs, strike, angle = batch
        logit, pred_angle = self(track, revs)
        loss = F.binary_cross_entropy_with_logits(logit, strike)
        loss = loss + self.hparams["angle_weight"] * F.smooth_l1_loss(pred_angle, angle, beta=0.5)
        if self.hparams["monotonic_weight"] > 0:
            loss = loss + self.hparams["monotonic_weight"] * self.monotonic_penalty(track, revs)
        self._opt.zero_grad()
        self.manual_backward(loss, create_graph=self.hparams["double_backprop"])
        self._opt.step()
        return loss.detach()


class EMAHook:
    def __init__(self, module, decay):
        self.shadow = copy.deepcopy(module).requires_grad_(False)
        self.decay = decay

    @torch.no_grad()
    def on_train_batch_end(self, module):
        for s, p in zip(self.shadow.parameters(), module.parameters()):
            s.lerp_(p, 1 - self.decay)


def fake_tracks(hp):
    n, t = hp["batch"], hp["track_len"]
    board = 15 + torch.cumsum(0.3 * torch.randn(n, t), dim=1)
    dist = torch.linspace(0, 45, t).expand(n, t)
    speed = 17 + torch.randn(n, 1) - 0.02 * dist
    track = torch.stack([board / 39, dist / 60, speed / 20], dim=-1)
    revs = 250 + 100 * torch.rand(n, 1)
    strike = (torch.rand(n) > 0.5).float()
    angle = 4 + 0.005 * (revs.squeeze(1) - 300) + 0.3 * torch.randn(n)
    return track, revs / 400, strike, angle


if __name__ == "__main__":
    torch.manual_seed(0)
    module = BallPathModule(HPARAMS)
    module.configure_optimizers()
    ema = EMAHook(module, HPARAMS["ema_decay"])
    for step in range(HPARAMS["steps"]):
        loss = module.training_step(fake_tracks(HPARAMS), step)
        ema.on_train_batch_end(module)
        print(f"step {step} loss {loss.item():.4f}")
    with torch.no_grad():
        track, revs, strike, angle = fake_tracks(HPARAMS)
        logit, pred = ema.shadow(track, revs)
        print("ema strike acc", ((logit > 0).float() == strike).float().mean().item(),
              "angle mae", (pred - angle).abs().mean().item())
