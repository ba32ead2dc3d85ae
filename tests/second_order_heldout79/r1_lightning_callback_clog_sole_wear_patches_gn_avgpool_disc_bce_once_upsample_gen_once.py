"""R1-regularised GAN on wooden-clog sole wear patches, Lightning-style.

A tiny LightningModule / Trainer / Callback stack (no lightning installed): the
discriminator is assembled from a config dict, and the R1 penalty lives in a callback
that the trainer calls from its ``on_discriminator_loss`` hook.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("clog_r1")

POOL_LAYERS = {
    "AvgPool2d": nn.AvgPool2d,
    "MaxPool2d": nn.MaxPool2d,
}


def build_norm(norm_cfg, channels):
    norm_cfg = dict(norm_cfg)
    kind = norm_cfg.pop("type")
    if kind == "GN":
        return nn.GroupNorm(norm_cfg.get("num_groups", 4), channels)
    if kind == "BN":
        return nn.BatchNorm2d(channels)
    raise KeyError(kind)


def build_pool(pool_cfg):
    pool_cfg = dict(pool_cfg)
    return POOL_LAYERS[pool_cfg.pop("type")](**pool_cfg)


class DownBlock(nn.Module):
    def __init__(self, cin, cout, norm_cfg, pool_cfg, negative_slope=0.2):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm = build_norm(norm_cfg, cout)
        self.act = nn.LeakyReLU(negative_slope)
        self.down = build_pool(pool_cfg)

    def forward(self, x):
        return self.down(self.act(self.norm(self.conv(x))))


class PatchDiscriminator(nn.Module):
    def __init__(self, channels=(1, 8, 16), norm_cfg=dict(type="GN"), pool_cfg=dict(type="AvgPool2d", kernel_size=2)):
        super().__init__()
        self.blocks = nn.Sequential(*[DownBlock(a, b, norm_cfg, pool_cfg) for a, b in zip(channels[:-1], channels[1:])])
        self.fc = nn.Linear(channels[-1] * 4 * 4, 1)

    def forward(self, x):
        return self.fc(self.blocks(x).flatten(1))


class PatchGenerator(nn.Module):
    def __init__(self, z_dim=16):
        super().__init__()
        self.z_dim = z_dim
        self.fc = nn.Linear(z_dim, 16 * 4 * 4)
        self.up = nn.Sequential(nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(16, 8, 3, padding=1), nn.ReLU(),
                                nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(8, 1, 3, padding=1), nn.Tanh())

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 16, 4, 4))


class Callback:
    def on_train_start(self, trainer, module):
        pass

    def on_discriminator_loss(self, trainer, module, real, losses):
        pass

    def on_train_batch_end(self, trainer, module, outputs, batch_idx):
        pass


class R1RegularizationCallback(Callback):
    def __init__(self, gamma=10.0, every_n_steps=1):
        self.gamma = gamma
        self.every_n_steps = every_n_steps

    def on_discriminator_loss(self, trainer, module, real, losses):
        if trainer.global_step % self.every_n_steps:
            return
        real = real.detach().requires_grad_(True)
        d_real = module.discriminator(real)
        (grad_real,) = torch.autograd.grad(d_real.sum(), real, create_graph=trainer.create_graph)
        r1 = grad_real.pow(2).flatten(1).sum(1).mean()
        losses["loss_r1"] = 0.5 * self.gamma * self.every_n_steps * r1


class LoggingCallback(Callback):
    def on_train_batch_end(self, trainer, module, outputs, batch_idx):
        log.info("step %d %s", trainer.global_step, {k: round(v.item(), 4) for k, v in outputs.items()})


class LightningModule(nn.Module):
    def training_step(self, batch, batch_idx, optimizer_idx):
        raise NotImplementedError

    def configure_optimizers(self):
        raise NotImplementedError


class ClogGAN(LightningModule):
    def __init__(self, hparams):
        super().__init__()
        self.hp = hparams
        self.generator = PatchGenerator(hparams["z_dim"])
        self.discriminator = PatchDiscriminator(**hparams["disc"])
        self.trainer = None

    def training_step(self, batch, batch_idx, optimizer_idx):
        real = batch
        z = torch.randn(real.size(0), self.generator.z_dim)
        if optimizer_idx == 0:
            fake = self.generator(z).detach()
            logits_real = self.discriminator(real)
            logits_fake = self.discriminator(fake)
            losses = {
                "loss_d_real": F.binary_cross_entropy_with_logits(logits_real, torch.ones_like(logits_real)),
                "loss_d_fake": F.binary_cross_entropy_with_logits(logits_fake, torch.zeros_like(logits_fake)),
            }
            self.trainer.call_hook("on_discriminator_loss", real, losses)
            return losses
        logits = self.discriminator(self.generator(z))
        return {"loss_g": F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))}

    def configure_optimizers(self):
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=self.hp["lr"], betas=(0.0, 0.99))
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=self.hp["lr"], betas=(0.0, 0.99))
        return [opt_d, opt_g]


class Trainer:
    def __init__(self, max_steps=4, callbacks=(), create_graph=True):
        self.max_steps = max_steps
        self.callbacks = list(callbacks)
        self.create_graph = create_graph
        self.global_step = 0
        self.module = None

    def call_hook(self, name, *args):
        for cb in self.callbacks:
            getattr(cb, name)(self, self.module, *args)

    def fit(self, module, loader):
        self.module = module
        module.trainer = self
        optimizers = module.configure_optimizers()
        self.call_hook("on_train_start")
        for batch_idx, batch in enumerate(loader):
            if self.global_step >= self.max_steps:
                break
            for opt_idx, opt in enumerate(optimizers):
                outputs = module.training_step(batch, batch_idx, opt_idx)
                loss = sum(outputs.values())
                opt.zero_grad()
                loss.backward()
                opt.step()
                self.call_hook("on_train_batch_end", outputs, batch_idx)
            self.global_step += 1
        w = module.discriminator.blocks[0].conv.weight
        assert w.grad is not None and w.grad.abs().sum() > 0


def wear_patch_loader(n_batches, batch_size=8):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    for _ in range(n_batches):
        centre = torch.rand(batch_size, 2, 1, 1) - 0.5
        r = ((xx - centre[:, :1]) ** 2 + (yy - centre[:, 1:]) ** 2).sqrt()
        yield (torch.tanh(3 * (0.5 - r)) + 0.05 * torch.randn_like(r))


HPARAMS = dict(z_dim=16, lr=2e-4, disc=dict(channels=(1, 8, 16), norm_cfg=dict(type="GN", num_groups=4),
                                            pool_cfg=dict(type="AvgPool2d", kernel_size=2)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-steps", type=int, default=3)
    parser.add_argument("--r1-gamma", type=float, default=10.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    trainer = Trainer(max_steps=args.max_steps, create_graph=True,
                      callbacks=[R1RegularizationCallback(gamma=args.r1_gamma), LoggingCallback()])
    trainer.fit(ClogGAN(HPARAMS), wear_patch_loader(10))
