"""First-order DARTS search on franking-mark crops (machine / meter / hand-stamp / PIP label).

    cd <this folder> && python train.py
"""
import logging

import torch
import torch.nn.functional as F

from architect import Architect
from config import get_args
from search_model import PRIMITIVES, Network

log = logging.getLogger("darts.franking")


def franking_crops(n, gen, size=12, classes=4):
    y = torch.randint(0, classes, (n,), generator=gen)
    x = 0.2 * torch.randn(n, 1, size, size, generator=gen)
    for i in range(n):
        c = int(y[i])
        x[i, 0, c::classes, :] += 0.6          # wavy cancellation lines
        x[i, 0, 2:5, 2 + 2 * c:5 + 2 * c] += 1.0  # the die / indicia box
    return x, y


def main():
    args = get_args([])
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    gen = torch.Generator().manual_seed(8)
    torch.manual_seed(8)
    x, y = franking_crops(64, gen)
    model = Network(args.init_channels, 4, args.layers)
    optimizer = torch.optim.SGD(model.weights(), args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    architect = Architect(model, args)
    for epoch in range(args.epochs):
        for b in range(0, 32, args.batch_size):
            xt, yt = x[b:b + args.batch_size], y[b:b + args.batch_size]
            xv, yv = x[32 + b:32 + b + args.batch_size], y[32 + b:32 + b + args.batch_size]
            before = model.alphas.detach().clone()
            architect.step(xt, yt, xv, yv, args.lr, unrolled=args.unrolled)
            assert not torch.equal(before, model.alphas.detach())
            optimizer.zero_grad()
            loss = F.cross_entropy(model(xt), yt)
            loss.backward()
            optimizer.step()
        best = [PRIMITIVES[i] for i in model.alphas.argmax(-1).tolist()]
        log.info("epoch %d train loss %.4f genotype %s", epoch, loss.item(), best)


if __name__ == "__main__":
    main()
