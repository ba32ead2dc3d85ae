"""MAML over functional_call on synthetic outsole prints: classes are tread families (lugs, herringbone,
waffle, circular pivot), each task has its own wear mask (heel strike, forefoot, medial, lateral)."""
import logging

import torch
import torch.nn.functional as F
from torch.func import functional_call

from backbone import OutsoleConv4
from config import CONFIG as C
from surgery import bn_to_groupnorm, init_weights

log = logging.getLogger("outsole_maml")


def inner_adapt(model, params, xs, ys, lr, steps, second_order):
    for _ in range(steps):
        loss = F.cross_entropy(functional_call(model, params, (xs,)), ys)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=second_order)
        params = {name: p - lr * g for (name, p), g in zip(params.items(), grads)}
    return params


def query_loss(model, params, xq, yq):
    logits = functional_call(model, params, (xq,))
    return F.cross_entropy(logits, yq), (logits.argmax(1) == yq).float().mean()


def tread(kind, size, generator):
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    if kind == 0:
        img = ((xx % 5 < 2) & (yy % 5 < 2)).float()
    elif kind == 1:
        img = (((xx + yy) % 6 < 3) ^ (xx % 12 < 6)).float()
    elif kind == 2:
        img = ((xx % 4 < 1) | (yy % 4 < 1)).float()
    else:
        r = ((xx - size / 2) ** 2 + (yy - size / 2) ** 2).sqrt()
        img = (r % 4 < 2).float()
    return img + 0.1 * torch.randn(img.shape, generator=generator)


def sample_task(generator):
    size = C["image"]
    kinds = torch.randperm(4, generator=generator)[: C["n_way"]]
    wear = torch.ones(size, size)
    edge = int(torch.randint(0, 4, (1,), generator=generator))
    wear[[slice(None, size // 3), slice(-size // 3, None)][edge % 2], :] *= 0.3
    def draw(k):
        xs, ys = [], []
        for label, kind in enumerate(kinds.tolist()):
            for _ in range(k):
                xs.append(tread(kind, size, generator) * wear)
                ys.append(label)
        return torch.stack(xs).unsqueeze(1), torch.tensor(ys)
    return draw(C["k_shot"]), draw(C["k_query"])


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(C["seed"])
    gen = torch.Generator().manual_seed(17)
    model = OutsoleConv4(C["n_way"], C["channels"], C["image"])
    model.apply(bn_to_groupnorm(C["gn_groups"]))
    model.apply(init_weights)
    log.info("%s", model.blocks[0])
    opt = torch.optim.Adam(model.parameters(), C["meta_lr"])
    for it in range(C["iterations"]):
        opt.zero_grad(set_to_none=True)
        total, acc = 0.0, 0.0
        for _ in range(C["meta_batch"]):
            (xs, ys), (xq, yq) = sample_task(gen)
            fast = inner_adapt(model, dict(model.named_parameters()), xs, ys,
                               C["inner_lr"], C["inner_steps"], C["second_order"])
            lq, a = query_loss(model, fast, xq, yq)
            total, acc = total + lq, acc + a
        (total / C["meta_batch"]).backward()
        g = model.blocks[0][1].weight.grad
        opt.step()
        log.info("iter %d query ce %.4f acc %.2f |grad gn0| %.3e", it, total.item() / C["meta_batch"],
                 acc.item() / C["meta_batch"], g.norm().item())


if __name__ == "__main__":
    main()
