"""LightningModule + minimal Trainer for the contractive autoencoder: ``python train.py``."""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

import config
from callbacks import build_callbacks
from nets import WobbleDecoder, WobbleEncoder


class LightningModule(nn.Module):
    trainer = None


class ContractiveAE(LightningModule):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.encoder = WobbleEncoder(**cfg["model"]["encoder"])
        self.decoder = WobbleDecoder(**cfg["model"]["decoder"])

    def training_step(self, batch, batch_idx):
        x = batch.requires_grad_(True)
        z = self.encoder(x)
        recon = self.decoder(z)
        loss = F.smooth_l1_loss(recon, x.detach(), beta=0.2)
        return {"loss": loss, "inputs": x, "latent": z}

    def configure_optimizers(self):
        opt = dict(self.cfg["optimizer"])
        return getattr(torch.optim, opt.pop("type"))(self.parameters(), **opt)


class Trainer:
    def __init__(self, max_steps=10, create_graph=False, log_every_n_steps=50, callbacks=()):
        self.max_steps, self.create_graph = max_steps, create_graph
        self.callbacks = list(callbacks)
        self.global_step = 0

    def _call(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, self.module, *args)

    def fit(self, module, loader):
        self.module = module
        module.trainer = self
        opt = module.configure_optimizers()
        for batch_idx, batch in enumerate(loader):
            if self.global_step >= self.max_steps:
                break
            self._call("on_train_batch_start", batch, batch_idx)
            outputs = module.training_step(batch, batch_idx)
            self._call("on_before_backward", outputs)
            opt.zero_grad()
            outputs["loss"].backward()
            opt.step()
            self._call("on_train_batch_end", outputs, batch_idx)
            self.global_step += 1
        assert module.encoder.convs[0].weight.grad is not None


def imu_windows(n_batches, batch_size, length):
    t = torch.linspace(0, 1, length)
    for _ in range(n_batches):
        freq = 1 + 2 * torch.rand(batch_size, 1, 1)
        phase = torch.rand(batch_size, 6, 1) * 6.28
        yield torch.sin(2 * torch.pi * freq * t + phase) + 0.1 * torch.randn(batch_size, 6, length)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-steps", type=int, default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    cfg = config.as_dict()
    tcfg = dict(cfg["trainer"])
    if args.max_steps:
        tcfg["max_steps"] = args.max_steps
    trainer = Trainer(callbacks=build_callbacks(cfg["callbacks"]), **tcfg)
    trainer.fit(ContractiveAE(cfg), imu_windows(10, cfg["data"]["batch_size"], cfg["data"]["length"]))
