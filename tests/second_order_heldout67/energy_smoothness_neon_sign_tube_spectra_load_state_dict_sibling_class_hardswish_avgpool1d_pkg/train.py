"""Energy-smoothness fine-tuning: penalise the input gradient of the free energy -logsumexp(logits)
so that the OOD score (unknown gas mixtures) is stable under small spectral shifts."""
import logging

import torch
import torch.nn.functional as F

from config import CFG
from models import SmoothSpectrumNet, free_energy
from pretrain import pretrain, synth_spectra

log = logging.getLogger("neon.train")


def energy_gradient_penalty(net, x):
    x = x.clone().requires_grad_(True)
    logits = net(x)
    g, = torch.autograd.grad(free_energy(logits).sum(), x, create_graph=True)
    return logits, g.pow(2).sum(dim=(1, 2)).mean()


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(CFG.seed)
    gen = torch.Generator().manual_seed(11)
    ckpt = pretrain(CFG, gen)

    net = SmoothSpectrumNet(CFG)
    missing, unexpected = net.load_state_dict(torch.load(ckpt), strict=False)
    log.info("loaded production weights (missing=%s unexpected=%s)", missing, unexpected)
    opt = torch.optim.Adam(net.parameters(), lr=CFG.lr)
    for step in range(CFG.finetune_steps):
        x, y = synth_spectra(CFG, CFG.batch, gen)
        logits, pen = energy_gradient_penalty(net, x)
        ce = F.cross_entropy(logits, y)
        loss = ce + CFG.energy_smooth_weight * pen
        opt.zero_grad(set_to_none=True)
        loss.backward()
        gw = net.convs[0].weight.grad.norm().item()
        opt.step()
        log.info("finetune %d ce %.4f energy-grad %.3e |grad conv0| %.3e", step, ce.item(), pen.item(), gw)


if __name__ == "__main__":
    main()
