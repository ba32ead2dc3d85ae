"""Second-order MAML for few-shot classification of green-algae (Ulva) frond reflectance spectra.

The learner is a list of raw tensors; the forward pass is written with tensor ops only
(Tensor.unfold 1-D convolution, matmul, clamp), so fast weights are plain tensors.
"""
import argparse
import logging
import math

import torch
import torch.nn.functional as F

logger = logging.getLogger("ulva.maml")


def init_params(n_bands, n_way, ch=8, k=5, hidden=32):
    g = torch.Generator().manual_seed(7)
    n_pos = (n_bands - k) // 2 + 1
    params = [
        torch.randn(ch, k, generator=g) / math.sqrt(k),
        torch.zeros(ch),
        torch.randn(ch * n_pos, hidden, generator=g) / math.sqrt(ch * n_pos),
        torch.zeros(hidden),
        torch.randn(hidden, n_way, generator=g) / math.sqrt(hidden),
        torch.zeros(n_way),
    ]
    return [p.requires_grad_(True) for p in params]


def forward(params, spectra, k=5, stride=2):
    w_conv, b_conv, w1, b1, w2, b2 = params
    windows = spectra.unfold(-1, k, stride)              # b, n_pos, k
    h = (windows @ w_conv.t() + b_conv).clamp_min(0)     # b, n_pos, ch
    h = h.reshape(h.shape[0], -1) @ w1 + b1
    h = h * torch.sigmoid(1.702 * h)
    return h @ w2 + b2


def support_nll(logits, labels):
    logp = torch.log_softmax(logits, dim=-1)
    picked = torch.gather(logp, 1, labels.view(-1, 1))
    return -picked.mean()


def sample_task(n_way, k_shot, q_query, n_bands, gen):
    centers = torch.randn(n_way, n_bands, generator=gen).cumsum(-1) * 0.05
    def draw(n):
        y = torch.arange(n_way).repeat_interleave(n)
        x = centers[y] + 0.1 * torch.randn(len(y), n_bands, generator=gen)
        return x, y
    return draw(k_shot), draw(q_query)


def adapt(params, xs, ys, inner_lr, inner_steps):
    fast = params
    for _ in range(inner_steps):
        loss = support_nll(forward(fast, xs), ys)
        grads = torch.autograd.grad(loss, fast, create_graph=True)
        fast = [p - inner_lr * g for p, g in zip(fast, grads)]
    return fast


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=4)
    ap.add_argument("--tasks", type=int, default=3)
    ap.add_argument("--n-way", type=int, default=5)
    ap.add_argument("--k-shot", type=int, default=2)
    ap.add_argument("--inner-lr", type=float, default=0.2)
    ap.add_argument("--inner-steps", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    n_bands = 40
    gen = torch.Generator().manual_seed(0)
    params = init_params(n_bands, args.n_way)
    meta_opt = torch.optim.Adam(params, lr=1e-3)
    for it in range(args.meta_iters):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(args.tasks):
            (xs, ys), (xq, yq) = sample_task(args.n_way, args.k_shot, 4, n_bands, gen)
            fast = adapt(params, xs, ys, args.inner_lr, args.inner_steps)
            q_loss = F.cross_entropy(forward(fast, xq), yq)
            (q_loss / args.tasks).backward()
            total += q_loss.item()
        assert params[0].grad is not None and fast[0].grad_fn is not None
        meta_opt.step()
        logger.info("iter %d query loss %.4f", it, total / args.tasks)


if __name__ == "__main__":
    main()
