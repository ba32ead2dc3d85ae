"""LightningModule-style classifier: BaseTileClassifier (optim / validation) -> SeedlingNet (layers, training_step)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from utils import fake_quantized_copy, hutchinson_trace


class BaseTileClassifier(nn.Module):
    def __init__(self, hparams):
        super().__init__()
        self.hparams = hparams

    def configure_optimizers(self):
        opt = torch.optim.AdamW(self.parameters(), lr=self.hparams.lr, weight_decay=1e-4)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=max(1, self.hparams.epochs))
        return [opt], [sched]

    def quantisable_params(self):
        return [p for p in self.parameters() if p.dim() > 1]

    @torch.no_grad()
    def validation_step(self, batch, batch_idx):
        x, y = batch
        qmodel = fake_quantized_copy(self, self.hparams.bits)
        logits = qmodel(x)
        return {"val_nll": F.cross_entropy(logits, y).item(),
                "val_acc": (logits.argmax(1) == y).float().mean().item()}


class SeedlingNet(BaseTileClassifier):
    """MobileNet-flavoured stem; hard-swish because the sprayer MCU has a LUT for it."""

    def __init__(self, hparams):
        super().__init__(hparams)
        w = hparams.width
        self.stem = nn.Conv2d(3, w, 3, stride=2, padding=1)
        self.act = nn.Hardswish()
        self.block = nn.Conv2d(w, w, 3, padding=1)
        self.expand = nn.Conv2d(w, 2 * w, 1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(2 * w, hparams.num_classes)

    def forward(self, x):
        h = self.act(self.stem(x))
        h = h + self.act(self.block(h))
        h = self.act(self.expand(h))
        return self.fc(self.pool(h).flatten(1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self(x)
        loss = F.cross_entropy(logits, y)
        logs = {"ce": loss.item()}
        if self.hparams.trace_weight > 0:
            tr = hutchinson_trace(loss, self.quantisable_params(), self.hparams.hutchinson_samples)
            loss = loss + self.hparams.trace_weight * tr
            logs["trace"] = tr.item()
        return loss, logs
