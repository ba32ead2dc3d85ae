"""Train FlutterNet with AdamW + SWA (AveragedModel), gradient checkpointing and callbacks."""
import torch
import torch.nn.functional as F
from torch.optim.swa_utils import AveragedModel

from callbacks import build_callbacks
from config import CONFIG
from nets import FlutterNet


def fake_segments(cfg, g):
    t = torch.linspace(0, 1, cfg["segment"])
    wow = 0.1 + 0.3 * torch.rand(cfg["batch"], 1, generator=g)
    flutter = 0.05 + 0.2 * torch.rand(cfg["batch"], 1, generator=g)
    drift = torch.randn(cfg["batch"], 1, generator=g)
    x = wow * torch.sin(2 * torch.pi * 0.5 * t) + flutter * torch.sin(2 * torch.pi * 12 * t) + 0.01 * drift * t
    return x, torch.cat([wow, flutter, drift], dim=1)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = FlutterNet(cfg)
        self.swa = AveragedModel(self.model)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
        self.callbacks = build_callbacks(cfg["callbacks"])
        self.step_idx = 0

    def step(self, batch):
        x, y = batch
        loss = F.smooth_l1_loss(self.model(x), y, beta=0.1)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        if self.step_idx >= self.cfg["swa_start"]:
            self.swa.update_parameters(self.model)
        logs = {"loss": loss.item(), "batch": batch}
        for cb in self.callbacks:
            cb.on_step_end(self, logs)
        self.step_idx += 1
        return logs["loss"]


if __name__ == "__main__":
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(3)
    trainer = Trainer(CONFIG)
    for s in range(CONFIG["steps"]):
        print(f"step {s} smooth-l1 {trainer.step(fake_segments(CONFIG, g)):.5f}")
    trainer.model.load_state_dict(trainer.callbacks[0].state)
    with torch.no_grad():
        x, y = fake_segments(CONFIG, g)
        print("swa eval mae", (trainer.swa(x) - y).abs().mean(dim=0).tolist())
