"""Unpaired horse<->zebra translation (CycleGAN)."""
import itertools

import torch
import torch.nn as nn

from losses import GANLoss, input_gradient_norm, param_grad_norm
from models import NLayerDiscriminator, ResnetGenerator


def train(G_AB, G_BA, D_A, D_B, steps=2, lam_cyc=10.0, lam_id=5.0):
    gan, l1 = GANLoss(), nn.L1Loss()
    opt_g = torch.optim.Adam(itertools.chain(G_AB.parameters(), G_BA.parameters()), 2e-4, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(itertools.chain(D_A.parameters(), D_B.parameters()), 2e-4, betas=(0.5, 0.999))
    for step in range(steps):
        a, b = torch.rand(2, 3, 32, 32) * 2 - 1, torch.rand(2, 3, 32, 32) * 2 - 1
        fake_b, fake_a = G_AB(a), G_BA(b)
        loss_g = (gan(D_B(fake_b), True) + gan(D_A(fake_a), True)
                  + lam_cyc * (l1(G_BA(fake_b), a) + l1(G_AB(fake_a), b))
                  + lam_id * (l1(G_AB(b), b) + l1(G_BA(a), a)))
        opt_g.zero_grad()
        loss_g.backward()
        torch.nn.utils.clip_grad_norm_(itertools.chain(G_AB.parameters(), G_BA.parameters()), 10.0)
        g_norm = param_grad_norm(G_AB)
        opt_g.step()
        loss_d = 0.5 * (gan(D_A(a), True) + gan(D_A(fake_a.detach()), False)
                        + gan(D_B(b), True) + gan(D_B(fake_b.detach()), False))
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        print(step, loss_g.item(), loss_d.item(), g_norm, input_gradient_norm(D_B, b))


if __name__ == "__main__":
    train(ResnetGenerator(), ResnetGenerator(), NLayerDiscriminator(), NLayerDiscriminator())
