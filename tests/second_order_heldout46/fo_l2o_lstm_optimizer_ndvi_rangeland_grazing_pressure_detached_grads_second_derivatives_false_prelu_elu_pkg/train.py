import torch

from config import L2OConfig
from learned_opt import CoordinateLSTMOptimizer
from optimizee import init_params, loss_fn, paddock_task


def unroll(cfg, lopt, params, state, x, y):
    meta_loss = 0.0
    for _ in range(cfg.unroll):
        loss = loss_fn(params, x, y)
        grads = torch.autograd.grad(loss, params, create_graph=cfg.second_derivatives, retain_graph=True)
        if not cfg.second_derivatives:
            grads = [g.detach() for g in grads]
        flat = torch.cat([g.reshape(-1) for g in grads])
        update, state = lopt(flat, state)
        new_params, i = [], 0
        for p in params:
            new_params.append(p + update[i:i + p.numel()].view_as(p))
            i += p.numel()
        params = new_params
        meta_loss = meta_loss + loss
    return meta_loss / cfg.unroll, params, state


def main():
    cfg = L2OConfig()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    lopt = CoordinateLSTMOptimizer(cfg.lstm_hidden, cfg.preprocess_p, cfg.update_scale)
    meta_opt = torch.optim.Adam(lopt.parameters(), lr=cfg.meta_lr)
    for it in range(cfg.meta_iters):
        x, y = paddock_task(cfg.months, cfg.batch, gen)
        params = init_params(2 * cfg.months, cfg.hidden, gen)
        state = lopt.init_state(sum(p.numel() for p in params))
        for tr in range(cfg.truncations):
            meta_loss, params, state = unroll(cfg, lopt, params, state, x, y)
            meta_opt.zero_grad()
            meta_loss.backward()
            meta_opt.step()
            params = [p.detach().requires_grad_() for p in params]
            state = [(h.detach(), c.detach()) for h, c in state]
        with torch.no_grad():
            final = loss_fn(params, x, y).item()
        print(f"meta-iter {it} last meta-loss {meta_loss.item():.4f} optimizee loss after unroll {final:.4f}")


if __name__ == "__main__":
    main()
