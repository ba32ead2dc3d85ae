import logging

import torch
from torch.func import functional_call

from config import CFG
from models import PeelDecoder, PeelEncoder
from regularizers import encoder_jacobian_penalty

log = logging.getLogger("velcro_cae")


def peel_curves(n, length, gen):
    s = torch.linspace(0, 1, length)
    hooks = 2.0 + torch.rand(n, 1, generator=gen)
    saw = (torch.sin(40 * s + 6.28 * torch.rand(n, 1, generator=gen)) > 0.6).float()
    return hooks * (1 - s) * (0.8 + 0.2 * saw) + 0.05 * torch.randn(n, length, generator=gen)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(CFG.seed)
    encoder = PeelEncoder(CFG.curve_len, CFG.width, CFG.latent)
    decoder = PeelDecoder(CFG.curve_len, CFG.latent, CFG.width)
    enc_params = {k: v.detach().clone().requires_grad_(True) for k, v in encoder.named_parameters()}
    opt = torch.optim.Adam(list(enc_params.values()) + list(decoder.parameters()), lr=CFG.lr)
    for step in range(CFG.steps):
        curves = peel_curves(CFG.batch, CFG.curve_len, gen)
        z = functional_call(encoder, enc_params, (curves,))
        recon = decoder(z)
        rec_loss = (recon - curves).pow(2).mean()
        contractive = encoder_jacobian_penalty(encoder, enc_params, curves)
        loss = rec_loss + CFG.contractive_weight * contractive
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d rec %.4f jac %.4f", step, rec_loss.item(), contractive.item())
    assert enc_params["conv.weight"].grad is not None


if __name__ == "__main__":
    main()
