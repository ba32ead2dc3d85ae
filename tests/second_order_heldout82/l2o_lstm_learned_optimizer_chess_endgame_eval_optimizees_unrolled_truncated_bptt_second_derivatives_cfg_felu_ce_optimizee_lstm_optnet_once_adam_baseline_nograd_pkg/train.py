"""Meta-train the LSTM optimiser through unrolled optimizee trajectories.

    cd <this folder> && python train.py
"""
import logging

import torch

from config import META, TASK
from optimizee import EndgameTask, endgame_loss
from optnet import LSTMOptimizer

log = logging.getLogger("l2o.endgame")


def unrolled_episode(optnet, meta_opt, task):
    params = task.init_params()
    state = optnet.init_state(sum(p.numel() for p in params))
    total = 0.0
    for k in range(0, META["optimizee_steps"], META["unroll"]):
        meta_loss = 0.0
        for _ in range(META["unroll"]):
            x, y = task.batch()
            loss = endgame_loss(params, x, y)
            grads = torch.autograd.grad(loss, params, create_graph=META["second_derivatives"])
            steps, state = optnet(grads, state)
            params = [p + s.reshape(p.shape) for p, s in zip(params, steps)]
            meta_loss = meta_loss + loss
        meta_opt.zero_grad()
        meta_loss.backward()
        assert all(p.grad is not None for p in optnet.parameters())
        meta_opt.step()
        total += meta_loss.item()
        params = [p.detach().requires_grad_() for p in params]
        state = tuple(s.detach() for s in state)
    return total / META["optimizee_steps"]


def compare_with_adam(optnet, task, steps=12):
    params = task.init_params()
    state = optnet.init_state(sum(p.numel() for p in params))
    adam_params = [p.detach().clone().requires_grad_() for p in params]
    adam = torch.optim.Adam(adam_params, lr=0.03)
    for _ in range(steps):
        x, y = task.batch()
        grads = torch.autograd.grad(endgame_loss(params, x, y), params)
        with torch.no_grad():
            upd, state = optnet(grads, state)
            params = [(p + s.reshape(p.shape)).requires_grad_() for p, s in zip(params, upd)]
        adam.zero_grad()
        endgame_loss(adam_params, x, y).backward()
        adam.step()
    x, y = task.batch()
    with torch.no_grad():
        return endgame_loss(params, x, y).item(), endgame_loss(adam_params, x, y).item()


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(TASK["seed"])
    gen = torch.Generator().manual_seed(TASK["seed"])
    optnet = LSTMOptimizer(META["hidden"], META["lstm_layers"], META["preproc_p"], META["out_scale"])
    meta_opt = torch.optim.Adam(optnet.parameters(), lr=META["meta_lr"])
    for epoch in range(META["epochs"]):
        avg = unrolled_episode(optnet, meta_opt, EndgameTask(TASK, gen))
        log.info("epoch %d mean optimizee loss %.4f", epoch, avg)
    learned, adam = compare_with_adam(optnet, EndgameTask(TASK, gen))
    log.info("final loss: LSTM optimiser %.4f vs Adam %.4f", learned, adam)


if __name__ == "__main__":
    main()
