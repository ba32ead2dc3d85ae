"""Dataset distillation (Wang et al. 2018) for postmark cancellation-type crops.

A handful of synthetic images per class, their soft labels and the inner step size are learned so that a
LeNet trained for a few unrolled SGD steps on them (from random inits) classifies real crops well.
The network is written with explicit parameter lists (F.conv2d(x, w, b)), so the unrolled steps keep the graph.
"""
import argparse
import math
import logging

import torch
import torch.nn.functional as F

logger = logging.getLogger("distill")

CANCEL_TYPES = ["duplex", "machine_wavy", "slogan", "hand_cds", "parcel_roller"]


def init_lenet(num_classes, gen, width=6):
    """Kaiming-uniform random init, returned as a flat list [w1, b1, w2, b2, w3, b3]."""
    shapes = [(width, 1, 3, 3), (width,), (2 * width, width, 3, 3), (2 * width,),
              (num_classes, 2 * width * 4), (num_classes,)]
    params = []
    for shp in shapes:
        fan_in = math.prod(shp[1:]) if len(shp) > 1 else 1
        bound = 1.0 / math.sqrt(fan_in) if len(shp) > 1 else 0.0
        params.append(((torch.rand(shp, generator=gen) * 2 - 1) * bound).requires_grad_())
    return params


def lenet(params, x):
    w1, b1, w2, b2, w3, b3 = params
    h = F.relu(F.conv2d(x, w1, b1, padding=1))
    h = F.max_pool2d(h, 2)
    h = F.relu(F.conv2d(h, w2, b2, padding=1))
    h = F.max_pool2d(h, 2)
    return F.linear(h.flatten(1), w3, b3)


def soft_xent(logits, label_logits):
    target = F.softmax(label_logits, dim=1)
    return -(F.log_softmax(logits, dim=1) * target).sum(dim=1).mean()


class Distiller:
    def __init__(self, args, num_classes):
        self.args = args
        self.num_classes = num_classes
        g = torch.Generator().manual_seed(args.seed)
        n = args.ipc * num_classes
        self.x_syn = (0.1 * torch.randn(n, 1, 8, 8, generator=g)).requires_grad_()
        self.label_logits = (3.0 * F.one_hot(torch.arange(n) % num_classes, num_classes).float()).requires_grad_()
        self.log_lr = torch.tensor(math.log(args.init_lr)).requires_grad_()
        self.opt = torch.optim.Adam([self.x_syn, self.label_logits, self.log_lr], lr=args.distill_lr)

    def unroll(self, params):
        lr = self.log_lr.exp()
        for _ in range(self.args.inner_steps):
            loss = soft_xent(lenet(params, self.x_syn), self.label_logits)
            grads = torch.autograd.grad(loss, params, create_graph=True)
            params = [p - lr * g for p, g in zip(params, grads)]
        return params

    def step(self, x_real, y_real, gen):
        self.opt.zero_grad()
        total = 0.0
        for _ in range(self.args.n_inits):
            trained = self.unroll(init_lenet(self.num_classes, gen))
            real_loss = F.cross_entropy(lenet(trained, x_real), y_real)
            real_loss.backward()
            total += real_loss.item()
        self.opt.step()
        return total / self.args.n_inits


def make_postmarks(n, gen):
    y = torch.randint(0, len(CANCEL_TYPES), (n,), generator=gen)
    x = 0.3 * torch.randn(n, 1, 8, 8, generator=gen)
    rows = torch.arange(8).float()
    for i in range(n):
        k = int(y[i]) + 1
        x[i, 0] += torch.sin(rows * k / 2.0)[:, None] * 0.8
    return x, y


def retrain_and_evaluate(distiller, x_test, y_test, gen, epochs=5):
    params = init_lenet(distiller.num_classes, gen)
    x_syn = distiller.x_syn.detach()
    labels = distiller.label_logits.detach().argmax(dim=1)
    lr = distiller.log_lr.exp().item()
    for _ in range(epochs):
        loss = F.cross_entropy(lenet(params, x_syn), labels)
        grads = torch.autograd.grad(loss, params)
        params = [(p - lr * g).detach().requires_grad_() for p, g in zip(params, grads)]
    with torch.no_grad():
        blurred = F.avg_pool2d(x_test, 3, stride=1, padding=1, count_include_pad=False)
        logits = lenet(params, x_test) + lenet(params, blurred)
        return (logits.argmax(1) == y_test).float().mean().item()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ipc", type=int, default=2, help="synthetic images per class")
    p.add_argument("--inner-steps", type=int, default=3)
    p.add_argument("--n-inits", type=int, default=2)
    p.add_argument("--iterations", type=int, default=6)
    p.add_argument("--init-lr", type=float, default=0.02)
    p.add_argument("--distill-lr", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="[distill] %(message)s")

    gen = torch.Generator().manual_seed(args.seed)
    x_real, y_real = make_postmarks(64, gen)
    x_test, y_test = make_postmarks(32, gen)
    distiller = Distiller(args, len(CANCEL_TYPES))
    before = distiller.x_syn.detach().clone()
    for it in range(args.iterations):
        idx = torch.randint(0, 64, (32,), generator=gen)
        loss = distiller.step(x_real[idx], y_real[idx], gen)
        logger.info("iter %d real loss %.4f lr %.4f", it, loss, distiller.log_lr.exp().item())
    moved = (distiller.x_syn.detach() - before).abs().max().item()
    assert moved > 0 and distiller.log_lr.grad is not None
    logger.info("synthetic images moved by %.3e; retrained acc %.3f", moved,
                retrain_and_evaluate(distiller, x_test, y_test, gen))


if __name__ == "__main__":
    main()
